# The tubes across systemd-upgrade's apt steps, read from the kernel's trace. At each step that
# replaces the clock (the upgrade, the downgrade): the owner's time — the zone the overrides file
# holds — at every instant while the old clock ran through the download and the unpack
# (WHAT-begin to WHAT-term, half a second before systemd stamped the old clock's stop: its
# SIGTERM comes before the stamp, and the clock blanks on it), and again within 2 s of the new one's READY=1
# (WHAT-ready) until WHAT-end. Between, the tubes are dark from the old clock's stop to the new
# one's first right frame: one stop on SIGTERM and one start (the VM part checks both), then the
# 2 s; under KVM that is at most DARK_KVM seconds, as on a Pi. Under TCG a start alone is
# emulated for seconds, more on a loaded host (dark 5 s at load 15; 16 s from the stop to
# READY=1 alone at load 29), so there the time is measured and said (in the note), its parts
# checked, not bounded. During the failed upgrade (broken-begin to broken-end): the right time
# at every instant, never dark.
# In these windows the clock shares the VM's two CPUs with apt, dpkg unpacking 16 MB and
# debhelper's perl: under TCG a new second reached the tubes 939 ms late once at load 22, past
# the 0.9 s the other checks allow, so here it may be 2 s late (a clock that stopped still shows
# a frozen second after 2 s); under KVM the usual bound.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
zone=Asia/Kathmandu
DARK_KVM=3
accel=$(cat "$KT_OUT/vm.accel")
lag=()
[[ $accel == kvm ]] || lag=(--lag 2)
kt_sd_marks >marks.jsonl
# mark NAME: when the last marker NAME stands for, in ns (CLOCK_MONOTONIC).
mark() { kt_json marks.jsonl "[m for m in j if m['name'] == '$1'][-1]['mono_ns']"; }
darks=()
for what in upgrade downgrade; do
  kt_sd_shown clock --zone "$zone" --from "$what-begin" --to "$what-term" "${lag[@]}" >"$what-before.json" ||
    kt_fail "$what: the old clock did not show the time until it was stopped ($what-before.json)"
  kt_sd_shown clock --zone "$zone" --from "$what-ready" --grace 2 --to "$what-end" "${lag[@]}" >"$what-after.json" ||
    kt_fail "$what: the new clock did not show the time within 2 s of READY=1 and after ($what-after.json)"
  dark=$(awk -v stop="$(mark "$what-stop")" -v ready="$(mark "$what-ready")" \
    -v first="$(kt_json "$what-after.json" 'j["first_ms"]')" 'BEGIN { printf "%.2f", (ready - stop) / 1e9 + first / 1e3 }')
  echo "$what: the tubes dark for at most ${dark}s (the old clock's stop to the new one's first right frame, $accel)"
  if [[ $accel == kvm ]]; then
    awk -v dark="$dark" -v bound="$DARK_KVM" 'BEGIN { exit !(dark <= bound) }' ||
      kt_fail "$what: the tubes were dark ${dark}s, more than ${DARK_KVM}s"
  fi
  darks+=("$what ${dark}s")
done
kt_sd_shown clock --zone "$zone" --from broken-begin --to broken-end "${lag[@]}" >broken.json ||
  kt_fail "during the failed upgrade the tubes did not show the time at every instant (broken.json)"
echo "dark at each restart ($accel, load $(cut -d' ' -f1 /proc/loadavg)): ${darks[*]}; never during the failed upgrade" | tee host.note

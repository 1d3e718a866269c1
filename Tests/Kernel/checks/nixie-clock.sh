# variants: gpiod1 gpiod2
# `nixie clock --backend hardware` on gpio-sim, cross-faded, for 3 s from a fixed displayed
# time (--at), while the kernel traces every GPIO value write; nixie-clock.host.sh decodes the
# trace and compares it with the simulator. Here also: the lines are free after --duration
# ends the clock and after SIGTERM (which blanks the tubes and exits 0).
# Until `nixie clock --backend hardware` is available (it said "not available" and exited 69
# before the clock's hardware backend landed), this check is skipped, saying so.
[[ -x ${KT_NIXIE:-} ]] || kt_fail "no nixie build for libgpiod $KT_GPIOD: run Scripts/kernel-test (it builds both)"
board=$(kt_board hv5622-6xin14-sim)
# Nothing but the faces: no blinking separators for the VM's unsynchronised clock, no
# anti-poisoning run.
cat >clock.yaml <<'YAML'
unsynchronised: none
anti-poisoning:
  short: off
YAML
clock=("$KT_NIXIE" clock --backend hardware --board "$board" --config "$PWD/clock.yaml" --timezone UTC
  --format HH:mm:ss --at 2026-03-01T12:34:56Z --transition crossfade --socket "/dev/shm/clock-$KT_GPIOD.sock")

kt_trace_start 98304
status=0
timeout 60 "${clock[@]}" --duration 3 --frames-log clock.frames.jsonl 2>clock.err || status=$?
kt_trace_stop clock.trace
echo "$status" >clock.status
cat clock.err
if ((status == 69)) && grep -qi "not available" clock.err; then
  kt_skip "nixie clock --backend hardware is not available: $(grep -i -m1 'not available' clock.err)"
fi
kt_expect "exit status after --duration 3" 0 "$status"
kt_expect "din free after the clock ended" "" "$(kt_consumer din)"

"${clock[@]}" 2>term.err &
holder=$!
kt_wait_consumer bl 60
for ((tries = 0; tries < 600; tries++)); do [[ $(kt_get bl) == 1 ]] && break; sleep 0.05; done
kt_expect "BL up: the clock shows the time" 1 "$(kt_get bl)"
kill -TERM "$holder"
status=0
wait "$holder" || status=$?
cat term.err
kt_expect "exit status after SIGTERM" 0 "$status"
kt_expect "din free after SIGTERM" "" "$(kt_consumer din)"
kt_expect "bl free after SIGTERM" "" "$(kt_consumer bl)"

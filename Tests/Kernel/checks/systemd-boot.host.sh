# The tubes from the boot on (the trace since guest/systemd-prepare): within 2 s of READY=1
# they show the local time in the configured zone, and the right time at every instant after.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
kt_sd_shown clock --zone "$KT_SD_ZONE" --from ready --grace 2 --to end | tee clock.json ||
  kt_fail "the tubes did not show the local time in $KT_SD_ZONE after the boot (clock.json)"
echo "ok: the time showed $(kt_json clock.json 'j["first_ms"]') ms after READY=1"

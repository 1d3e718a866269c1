# variants: gpiod1 gpiod2
# nixie's knob over libgpiod on gpio-sim: `nixie select --backend hardware` must choose what
# the simulator (`--backend sim --input SCRIPT`) chooses for the same turns and presses — the
# same exit status, the same value on stdout and the same changes of the selection (--events,
# times aside). The simulator's --trace gives the exact level changes of A, B and the switch
# its script made (lib/knob.py schedule); lib/knob.py play makes them on gpio-sim with pulls,
# which the kernel turns into edge events for nixie, while nixie holds the lines.
#
# Timing under TCG: the changes keep their order but are spread at least 15 ms apart (a slow
# emulated reader; the quadrature decoder goes by the order of levels, so contact bounce on A
# and B decodes the same at any speed). The switch is pressed cleanly: a 1 ms switch bounce
# could be stretched past the 5 ms debounce by the emulator, which would be a real press.
[[ -x ${KT_NIXIE:-} ]] || kt_fail "no nixie build for libgpiod $KT_GPIOD: run Scripts/kernel-test (it builds both)"
board=$(kt_board hv5622-6xin14-sim)
values=(5 10 15 20 25 30 35 40 45 50 55 60)

cat >turn.txt <<'SCRIPT'
# three detents clockwise, one more with contact bounce on A and B, one back; a press
100 cw 3
300 a 0
301 a 1
302 a 0
320 b 0
321 b 1
322 b 0
340 a 1
341 a 0
342 a 1
360 b 1
400 ccw 1
500 press
SCRIPT
cat >cancel.txt <<'SCRIPT'
# from the second value, three detents back (round the start), a bounced one forward; then
# held for 1.5 s: a long press cancels
100 ccw 3
300 a 0
301 a 1
302 a 0
320 b 0
340 a 1
360 b 1
361 b 0
362 b 1
500 hold 1500
SCRIPT
declare -A options=([turn]="" [cancel]="--initial 1")

ready() { # waits until nixie shows its first value (BL up), then a second for it to read the lines
  local tries
  for ((tries = 0; tries < 600; tries++)); do [[ $(kt_get bl) == 1 ]] && break; sleep 0.05; done
  kt_expect "BL up: nixie select shows its value" 1 "$(kt_get bl)"
  sleep 1
}

for scenario in turn cancel; do
  # shellcheck disable=SC2206 # the options are words
  common=(--board "$board" --events --timeout 30 ${options[$scenario]})
  status=0
  "$KT_NIXIE" select --backend sim "${common[@]}" --input "$scenario.txt" --trace "$scenario.sim.vcd" \
    "${values[@]}" >"$scenario.sim.out" 2>"$scenario.sim.err" || status=$?
  echo "$status" >"$scenario.sim.status"
  "$KT_PYTHON" "$KT_HARNESS/lib/knob.py" schedule "$scenario.sim.vcd" >"$scenario.schedule.jsonl"

  status=0
  "$KT_NIXIE" select --backend hardware "${common[@]}" "${values[@]}" \
    >"$scenario.hw.out" 2>"$scenario.hw.err" &
  select=$!
  kt_wait_consumer enc-a 60
  kt_expect "$scenario: consumer of the encoder's lines" nixie "$(kt_consumer enc-sw)"
  ready
  "$KT_PYTHON" "$KT_HARNESS/lib/knob.py" play "$scenario.schedule.jsonl" --sim-dir "$KT_SIM_DIR" \
    --a "$(kt_line enc-a)" --b "$(kt_line enc-b)" --sw "$(kt_line enc-sw)"
  wait "$select" || status=$?
  echo "$status" >"$scenario.hw.status"
  cat "$scenario.hw.err"
  for run in sim hw; do
    grep '^{' "$scenario.$run.err" | "$KT_PYTHON" -c '
import json, sys
for line in sys.stdin:
    event = json.loads(line)
    event.pop("t_ms", None)
    print(json.dumps(event))' >"$scenario.$run.events"
  done
  kt_expect "$scenario: exit status" "$(cat "$scenario.sim.status")" "$(cat "$scenario.hw.status")"
  kt_expect "$scenario: chosen" "$(cat "$scenario.sim.out")" "$(cat "$scenario.hw.out")"
  kt_expect "$scenario: selection changes" "$(cat "$scenario.sim.events")" "$(cat "$scenario.hw.events")"
  kt_expect "$scenario: encoder lines free after exit" "" "$(kt_consumer enc-a)$(kt_consumer enc-sw)"
  kt_reset_pulls
done
kt_expect "what the simulator chose (turn)" 20 "$(cat turn.sim.out)"
kt_expect "how the simulator ended (cancel)" '{"event": "cancelled", "reason": "long-press"}' "$(tail -n 1 cancel.sim.events)"

# The traces of nixie-show.sh, decoded (shift on the falling CLK edge, latch on LE, BL), against
# the simulator backend's chain model for the same commands, and the writes a frame cost.
#
# --transition none: exactly the frames the simulator latches, frame by frame, output for
# output (and the frames nixie's own --frames-log says it wrote).
#
# The cross-fade's PWM frames depend on timing — which slices a late frame thread skips —
# so no two runs match frame for frame, on the simulator or on gpio-sim. What is compared:
#  1. the decoded trace equals, frame by frame, the hardware run's own --frames-log: every
#     frame the driver wrote reached the kernel whole and in order, timing-dependent or not;
#  2. every frame is one a cross-fade can show (lib/frames.py fade --together): each tube
#     lights its old digit, its new digit, or nothing (the dark end of a PWM period), never
#     another digit and never two; the colons that do not change stay lit; and all six tubes
#     are in the same state at once, as they fade on one ramp (FrameRenderer lays each
#     period out as old, then new, then dark, at the same ticks for every tube);
#  3. it is a cross-fade and not a cut: the old value comes back after the new one (PWM);
#  4. it starts at the simulator's first frame and ends at the simulator's final frame.
# The simulator's own run must pass 2–4 too, so the rule is the model's and not a guess.
# Any lost, extra, reordered or corrupted bit shows in 1 or 2; a wrong final state in 4.
sim_board="$KT_HARNESS/boards/hv5622-6xin14-sim.yaml"
sim() { "$KT_NIXIE_GPIOD1" show --backend sim --board "$sim_board" "$@" >/dev/null; }
frames() { "$KT_PYTHON" "$KT_HARNESS/lib/frames.py" "$@"; }
for run in none unchanged fade term; do kt_hv5622 frames "$run.trace" >"$run.decoded.jsonl"; done

# --transition none: three frames, exactly.
sim --transition none --from 11:11:11 --hold 0.2 --frames-log sim.none.jsonl 12:34:56
frames same sim.none.jsonl none.decoded.jsonl || kt_fail "--transition none: the kernel saw other frames than the simulator latched"
frames same none.frames.jsonl none.decoded.jsonl || kt_fail "--transition none: the kernel saw other frames than nixie's frames log"
kt_expect "frames" '["11:11:11", "12:34:56", "        "]' "$(kt_json sim.none.jsonl '[f["text"] for f in j]')"

# Writes: the request (which sets the initial levels) and start()'s two idle writes, then 130
# a frame — 2 a bit and 2 for the latch — and 1 for BL; nothing for an unchanged frame.
kt_hv5622 summary none.trace >none.summary.json
mapfile -t summary < <(kt_json none.summary.json 'j["latch_windows"][0]["writes"]' \
  'j["latch_windows"][1]["writes"]' 'j["writes_after_last_latch"]' 'j["violations"]' 'j["shifts"]')
kt_expect "writes to the first latch: request, 2 idle, 130" 133 "${summary[0]}"
kt_expect "writes to the second latch: BL up, 130" 131 "${summary[1]}"
kt_expect "writes after it: BL down (--hold over)" 1 "${summary[2]}"
kt_expect "timing faults" "[]" "${summary[3]}"
kt_expect "falling CLK edges" 128 "${summary[4]}"
kt_hv5622 summary unchanged.trace >unchanged.summary.json
kt_expect "writes for a frame and the same frame again: request, 2 idle, 130, BL up" 134 \
  "$(kt_json unchanged.summary.json 'j["writes"]')"
kt_expect "latches for a frame and the same frame again" 1 "$(kt_json unchanged.summary.json 'j["latches"]')"

# The cross-fade.
frames same fade.frames.jsonl fade.decoded.jsonl || kt_fail "cross-fade: the kernel saw other frames than nixie wrote"
sim --from 12:34:56 --frames-log sim.fade.jsonl 65:43:21
"$KT_PYTHON" -c 'import json, sys; lines = open(sys.argv[1]).read().splitlines(); print(lines[0]); print(lines[-1])' \
  sim.fade.jsonl >steps.jsonl
for log in sim.fade.jsonl fade.frames.jsonl; do
  frames fade "$log" --steps steps.jsonl --together | tee "$log.fade.json" ||
    kt_fail "$log: a frame no cross-fade from 12:34:56 to 65:43:21 shows"
  kt_expect "$log: the old value back after the new (PWM)" true "$(kt_json "$log.fade.json" 'j["returns"] > 0')"
done
kt_expect "first frame, as the simulator's" "$(kt_json sim.fade.jsonl 'j[0]["outputs"]')" \
  "$(kt_json fade.decoded.jsonl 'j[0]["outputs"]')"
kt_expect "final frame, as the simulator's" "$(kt_json sim.fade.jsonl 'j[-1]["outputs"]')" \
  "$(kt_json fade.decoded.jsonl 'j[-1]["outputs"]')"
kt_hv5622 summary fade.trace >fade.summary.json
kt_expect "writes in every latch window of the fade but the first two" "[130]" \
  "$(kt_json fade.summary.json 'sorted(set(w["writes"] for w in j["latch_windows"][2:]))')"
kt_expect "timing faults in the fade" "[]" "$(kt_json fade.summary.json 'j["violations"]')"
# The figures for the README: writes and per-line value events a frame (libgpiod 1.6 sets all
# four lines in every write, 2.x only the ones named).
events=$(kt_json fade.decoded.jsonl 'sorted(set(f["events"] for f in j if f["cause"] == "latch" and f["writes"] == 130))')
kt_json fade.summary.json '{"libgpiod": '"$KT_GPIOD"', "frames_latched": j["latches"], "writes_per_frame": sorted(set(w["writes"] for w in j["latch_windows"][2:])), "unchanged_frame_writes": 0, "events_per_frame": '"$events"'}' |
  tee writes.json

# SIGTERM: the frame, then the tubes blanked (BL down) before the lines were given back.
kt_expect "frames around SIGTERM" '[[0, 11, 20, 21, 24, 35, 42, 43, 48, 59], []]' \
  "$(kt_json term.decoded.jsonl '[f["outputs"] for f in j]')"
kt_expect "SIGTERM blanked by" '"bl"' "$(kt_json term.decoded.jsonl 'j[-1]["cause"]')"

# The trace of nixie-clock.sh against the simulator: `nixie clock --backend sim` with the same
# options. Sound whatever the frame timing (see nixie-show.host.sh, which argues it):
#  1. the decoded trace equals, frame by frame, the hardware clock's own --frames-log;
#  2. every frame is one a cross-fade between two consecutive seconds can show — each tube
#     its old digit, its new digit or nothing, the seconds never going back (lib/frames.py
#     fade --clock 12:34:56,N; the first second may fade in from dark) — and the last is the
#     blank of the exit;
#  3. the hardware and the simulator show the same seconds in the same order (in the order
#     they first appear whole; the last may be missing from one of them: 3 s from a start
#     that is not on a second boundary; the first may be missing from the hardware's when its
#     first frame came over a second after its start, a loaded VM's slow start);
#  4. both cross-fade: the old digit comes back after the new one (PWM).
# While the simulator shows every change at once (the clock's transitions arrive with issue
# 6 phase 2), 4 cannot hold: the check says so and is skipped, after checking 1–3.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
frames() { "$KT_PYTHON" "$KT_HARNESS/lib/frames.py" "$@"; }
kt_hv5622 frames clock.trace >clock.decoded.jsonl
frames same clock.frames.jsonl clock.decoded.jsonl || kt_fail "the kernel saw other frames than nixie clock wrote"
kt_hv5622 summary clock.trace >clock.summary.json
kt_expect "timing faults" "[]" "$(kt_json clock.summary.json 'j["violations"]')"

sim_board="$KT_HARNESS/boards/hv5622-6xin14-sim.yaml"
"$KT_NIXIE_GPIOD1" clock --backend sim --board "$sim_board" --config "$PWD/clock.yaml" --timezone UTC \
  --format HH:mm:ss --at 2026-03-01T12:34:56Z --transition crossfade --socket "$PWD/sim.sock" \
  --duration 3 --frames-log sim.frames.jsonl >/dev/null 2>sim.err
for log in sim.frames.jsonl clock.frames.jsonl; do
  frames fade "$log" --clock 12:34:56,6 --blank-start --blank-end | tee "$log.fade.json" ||
    kt_fail "$log: a frame no cross-fade between consecutive seconds shows"
done
# The whole values shown (no tube dark), in the order they first appeared.
settled() { kt_json "$1" '" ".join(dict.fromkeys(f["text"] for f in j if " " not in f["text"]))' | tr -d '"'; }
hardware=$(settled clock.frames.jsonl) simulated=$(settled sim.frames.jsonl)
echo "seconds shown: hardware $hardware; simulator $simulated"
# Under TCG a loaded VM can take over a second from the clock's start to its first frame, whose
# time is then a second past --at (2026-12-05: the hardware's first frame was 12:34:57, whole):
# the hardware may begin at the simulator's second value, and must go on as it does.
from_second=${simulated#* }
[[ $simulated == "$hardware"* || $hardware == "$simulated"* ]] ||
  { [[ $from_second == "$hardware"* || $hardware == "$from_second"* ]] &&
    echo "note: the hardware's first frame came over a second after its start: it began at ${hardware%% *}"; } ||
  kt_fail "the hardware showed the seconds '$hardware', the simulator '$simulated'"
[[ $hardware == "12:34:56 12:34:57 12:34:58"* || $hardware == "12:34:57 12:34:58 12:34:59"* ]] ||
  kt_fail "the hardware clock did not show three seconds: $hardware"
if [[ $(kt_json sim.frames.jsonl.fade.json 'j["returns"] + j["in_between"]') == 0 ]]; then
  kt_skip "nixie clock does not cross-fade yet: the simulator shows every change at once (issue 6" \
    "phase 2); the hardware clock's frames matched its trace and the simulator's seconds"
fi
kt_expect "the hardware clock cross-fades (old digit back after the new, or a dark slice)" true \
  "$(kt_json clock.frames.jsonl.fade.json 'j["returns"] + j["in_between"] > 0')"

# Issue 32: what systemd-ncs314-alarm.sh heard, read on the wire: the buzzer line (BCM 17)
# starts its square wave at the alarm's minute (the mark's clock pair turns the minute into
# CLOCK_MONOTONIC), at the note's pitch within 1 % (C4, 261.63 Hz: the median of the periods
# between rises), and is low and still from the stop on; the tubes showed the minute when it
# began (the first note within `--lag` of the frame that shows it: 0.25 s under KVM, 0.9 s
# under TCG, where one frame takes a few hundred ms to write).
[[ ! -f skip ]] || kt_skip "$(cat skip)"
export KT_SD_NCS314=hv5122
kt_sd_marks >marks.jsonl
kt_sd_shown frames >frames.jsonl
lag=0.25
[[ $(cat "$KT_OUT/vm.accel" 2>/dev/null) == kvm ]] || lag=0.9
"$KT_PYTHON" - "$KT_GPIO_BASE" "$(cat ring.epoch)" "$lag" <<'PY' | tee buzzer.json
import json, os, statistics, sys
sys.path.insert(0, os.path.join(os.environ["KT_HARNESS"], "lib"))
import ncs314
base, ring, lag = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
marks = {m["name"]: m for m in map(json.loads, open("marks.jsonl"))}
pair = marks["ringing"]
ring_mono = pair["mono_ns"] + ring * 1_000_000_000 - pair["realtime_ns"]
start, stopping, stopped = marks["ncs314"]["mono_ns"], marks["stopping"]["mono_ns"], marks["stopped"]["mono_ns"]
edges = [(mono, value) for mono, _, value in ncs314.events("trace.gz", base, (17,)) if mono >= start]
rises = [mono for mono, value in edges if value == 1 and mono <= stopping]
periods = [later - earlier for earlier, later in zip(rises, rises[1:])]
median = statistics.median(periods) if periods else 0
frames = [json.loads(line) for line in open("frames.jsonl")]
# The frame that shows the minute: the first from half a second before it whose seconds are 00.
shown = next((f for f in frames if f["mono_ns"] >= ring_mono - 500_000_000 and f["text"].rstrip().endswith("00")), None)
print(json.dumps({
    "rises": len(rises),
    "first_rise_after_minute_s": round((rises[0] - ring_mono) / 1e9, 3) if rises else None,
    "first_rise_after_frame_s": round((rises[0] - shown["mono_ns"]) / 1e9, 3) if rises and shown else None,
    "frame": shown and shown["text"],
    "median_period_us": round(median / 1000, 1),
    "frequency_hz": round(1e9 / median, 2) if median else 0,
    "longest_period_ms": round(max(periods) / 1e6, 1) if periods else None,
    "edges_after_stop": sum(1 for mono, _ in edges if mono > stopped),
    "level_at_end": edges[-1][1] if edges else None,
    "lag": lag,
}))
PY
j() { kt_json buzzer.json "j['$1']"; }
(($(j rises) >= 500)) || kt_fail "the buzzer line rose $(j rises) times in the alarm's first 5 s (a 261.63 Hz tone: about 1300)"
"$KT_PYTHON" -c "import sys; sys.exit(not abs($(j frequency_hz) / 261.63 - 1) <= 0.01)" ||
  kt_fail "the buzzer's pitch is $(j frequency_hz) Hz, not C4's 261.63 Hz within 1 %"
"$KT_PYTHON" -c "import sys; sys.exit(not -0.02 <= $(j first_rise_after_minute_s) <= $lag)" ||
  kt_fail "the first note began $(j first_rise_after_minute_s) s after the alarm's minute (at most $lag)"
"$KT_PYTHON" -c "import sys; sys.exit(not abs($(j first_rise_after_frame_s)) <= $lag)" ||
  kt_fail "the first note began $(j first_rise_after_frame_s) s after the frame $(j frame) (at most $lag either way)"
kt_expect "edges on the buzzer line after the stop" 0 "$(j edges_after_stop)"
kt_expect "the buzzer line's last level" 0 "$(j level_at_end)"

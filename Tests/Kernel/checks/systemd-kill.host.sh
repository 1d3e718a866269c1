# The trace of systemd-kill.sh: before each SIGKILL the tubes were lit; after it, before the new
# clock started, the wire carries a dark frame (every output off, BL low) — nixie blank, run by
# the unit's ExecStopPost — within 2 s under KVM; on the board with a power line (BCM 23), that
# line was on before the kill and is driven low within the same bound. Under TCG, where starting
# any nixie process takes seconds and more the busier the host (the clock's own start: 4 to 7 s,
# 7.2 and 11.4 s in a whole run of 2026-12-07, where nixie blank took 5.5 and 6.1 s after
# SIGKILL), the bound is the unit's own: TimeoutStopSec=, 15 s, after which systemd kills the
# blank; a 5 s bound there measured the host's load, not nixie.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
kt_sd_shown frames >frames.jsonl
kt_sd_marks >marks.jsonl
"$KT_PYTHON" "$KT_HARNESS/lib/gpio_trace.py" writes trace.gz --base "$KT_GPIO_BASE" >writes.jsonl
bound=2
[[ $(cat "$KT_OUT/vm.accel") == kvm ]] || bound=$(sed -n 's/^TimeoutStopSec=\([0-9]*\)s$/\1/p' "$KT_REPO/systemd/nixie-clock.service")
[[ -n $bound ]] || kt_fail "no TimeoutStopSec=Ns line in systemd/nixie-clock.service to bound the blank by"
"$KT_PYTHON" - "$bound" <<'PY' || kt_fail "no dark frame, or the power line on, within ${bound} s of SIGKILL (host.log)"
import json, sys
def load(path):
    return [json.loads(line) for line in open(path) if line.strip()]
bound = int(float(sys.argv[1]) * 1e9)
marks, frames, writes = load("marks.jsonl"), load("frames.jsonl"), load("writes.jsonl")
begins = [i for i, m in enumerate(marks) if m["name"] == "begin"]
if not begins:
    sys.exit("no marker begin in the trace")
at = {m["name"]: m["mono_ns"] for m in marks[begins[-1]:]}
for name in ("standard-killed", "standard-restarted", "hven-killed", "hven-restarted"):
    if name not in at:
        sys.exit("no marker %s after the check began" % name)
failed = False
def window(part):
    """After the kill, up to the bound or the new clock's start, whichever is first."""
    killed = at[part + "-killed"]
    return killed, min(killed + bound, at[part + "-restarted"])
for part in ("standard", "hven"):
    killed, end = window(part)
    before = [f for f in frames if f["mono_ns"] <= killed]
    if not before or not before[-1]["outputs"]:
        print("%s: the tubes were not lit when the clock was killed" % part)
        failed = True
    after = [f for f in frames if killed < f["mono_ns"] <= end]
    if after and not after[-1]["outputs"]:
        print("%s: dark %.3f s after SIGKILL" % (part, (after[-1]["mono_ns"] - killed) / 1e9))
    else:
        print("%s: no dark frame within %.3f s of SIGKILL (frames then: %s)" % (part, (end - killed) / 1e9, after))
        failed = True
power = [(w["mono_ns"], w["lines"]["23"]) for w in writes if "23" in w["lines"]]
killed, end = window("hven")
on = [value for when, value in power if when <= killed]
after = [(when, value) for when, value in power if killed < when <= end]
if not on or on[-1] != 1:
    print("hven: the power line was not on when the clock was killed")
    failed = True
if after and after[-1][1] == 0:
    print("hven: the power line low %.3f s after SIGKILL" % ((after[-1][0] - killed) / 1e9))
else:
    print("hven: the power line was not driven low within %.3f s of SIGKILL" % ((end - killed) / 1e9))
    failed = True
sys.exit(1 if failed else 0)
PY

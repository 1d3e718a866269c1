# Issue 25: the brightness command from the broker on the wire (what systemd-mqtt.sh did in the
# VM): before it the tubes are lit all the time; after the clock took it, BL's PWM keeps them
# dark for most of each period — lit about 30 % of the time, and many dark windows.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
kt_sd_shown frames >frames.jsonl
kt_sd_marks >marks.jsonl
mark() { kt_json marks.jsonl "[m for m in j if m['name'] == '$1'][-1]['mono_ns']"; }
before=$(mark before) command=$(mark command) dimmed=$(mark dimmed) end=$(mark end)
# lit FROM TO: the share of FROM..TO the tubes showed a digit, from the frames' changes.
lit() {
  kt_json frames.jsonl "(lambda f, a, b: sum(min(n['mono_ns'], b) - max(p['mono_ns'], a)
    for p, n in zip(f, f[1:] + [{'mono_ns': b}]) if p['digits'].strip() and min(n['mono_ns'], b) > max(p['mono_ns'], a))
    / (b - a))(j, $1, $2)"
}
dark() { kt_json frames.jsonl "sum(1 for f in j if $1 <= f['mono_ns'] <= $2 and not f['digits'].strip())"; }
lit_before=$(lit "$before" "$command") lit_after=$(lit "$dimmed" "$end")
echo "lit $lit_before of the time before the command, $lit_after after; dark windows $(dark "$before" "$command") before, $(dark "$dimmed" "$end") after"
awk -v v="$lit_before" 'BEGIN { exit !(v >= 0.95) }' || kt_fail "before the command the tubes were lit only $lit_before of the time"
awk -v v="$lit_after" 'BEGIN { exit !(v >= 0.15 && v <= 0.5) }' ||
  kt_fail "after brightness 30 from the broker the tubes were lit $lit_after of the time, not about 0.3"
(($(dark "$dimmed" "$end") >= 10)) || kt_fail "no PWM on the wire after brightness 30 from the broker"
kt_expect "dark windows before the command" 0 "$(dark "$before" "$command")"

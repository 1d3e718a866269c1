# Issue 16: what systemd-ncs314.sh recorded, decoded with the vendor's NCS314 protocol
# (lib/ncs314.py, not nixie's encoder): the decoder reads docs/BOARDS.md's worked example; the
# bit stream is whole 64-bit frames, SCLK never moves while LE is high; the tubes show the
# local time (Asia/Kolkata) at every instant while the service ran; the backlight's three
# lines (BCM 20/16/21) run their PWM; the last frame before the lines were let go is dark.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
"$KT_PYTHON" "$KT_HARNESS/lib/ncs314.py" selftest || kt_fail "lib/ncs314.py misreads the vendor's worked example"
export KT_SD_NCS314=hv5122
kt_sd_marks >marks.jsonl
mark() { kt_json marks.jsonl "[m for m in j if m['name'] == '$1'][-1]['mono_ns']"; }
"$KT_PYTHON" "$KT_HARNESS/lib/ncs314.py" summary trace.gz --base "$KT_GPIO_BASE" --since "$(mark ncs314-start)" |
  tee spi-summary.json
kt_expect "bits per transfer" "[64]" "$(kt_json spi-summary.json 'j["bits"]')"
kt_expect "SCLK falling edges while LE was high, transfers not of 64 bits" 0 "$(kt_json spi-summary.json 'j["faults"]')"
kt_sd_shown clock --zone "$KT_SD_ZONE" --from ncs314 --to observed --grace 1 | tee clock.json ||
  kt_fail "the ncs314 tubes did not show the local time (clock.json)"
kt_sd_shown frames >frames.jsonl
ncs314=$(mark ncs314) observed=$(mark observed) stopping=$(mark stopping) stopped=$(mark stopped)
echo "a frame on the wire: $(kt_json frames.jsonl "[f for f in j if $ncs314 <= f['mono_ns'] <= $observed and f['bytes']][-1]")"
kt_expect "the last frame before the release is dark" '"        "' \
  "$(kt_json frames.jsonl "[f for f in j if f['mono_ns'] <= $stopped][-1]['text']")"
kt_expect "the dark frame came with the stop" true \
  "$(kt_json frames.jsonl "[f for f in j if f['mono_ns'] <= $stopped][-1]['mono_ns'] >= $stopping")"
# The backlight: each colour line high about half of each 10 ms period (#80 = 50 %).
"$KT_PYTHON" - "$KT_GPIO_BASE" "$ncs314" "$observed" <<'PY' | tee backlight.json
import gzip, json, os, sys
sys.path.insert(0, os.path.join(os.environ["KT_HARNESS"], "lib"))
import ncs314
base, start, end = (int(a) for a in sys.argv[1:4])
lines = {"red": 20, "green": 16, "blue": 21}
result = {}
for name, offset in lines.items():
    level, since, high, rises = None, start, 0, 0
    for mono, line, value in ncs314.events("trace.gz", base, (offset,)):
        if mono < start:
            level = value
            continue
        if mono > end:
            break
        if level:
            high += mono - since
        rises += value == 1 and level == 0
        level, since = value, mono
    if level:
        high += end - since
    result[name] = {"rises": rises, "duty": round(high / (end - start), 3)}
print(json.dumps(result))
PY
for colour in red green blue; do
  rises=$(kt_json backlight.json "j['$colour']['rises']") duty=$(kt_json backlight.json "j['$colour']['duty']")
  ((rises >= 100)) || kt_fail "the $colour line rose $rises times in 5 s, not a 100 Hz PWM"
  "$KT_PYTHON" -c "import sys; sys.exit(not 0.3 <= $duty <= 0.7)" || kt_fail "the $colour line's duty is $duty, not about 0.5"
done

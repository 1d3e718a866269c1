# Before the stop the tubes showed the time; the last frame before the lines were released is
# dark: every output off.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
kt_sd_shown clock --zone "$KT_SD_ZONE" --from begin --to stopping | tee clock.json ||
  kt_fail "before the stop the tubes did not show the time (clock.json)"
kt_sd_shown frames >frames.jsonl
kt_sd_marks >marks.jsonl
kt_json marks.jsonl '[m for m in j if m["name"] == "stopping"][-1]["mono_ns"]' >stopping.ns
kt_json marks.jsonl '[m for m in j if m["name"] == "stopped"][-1]["mono_ns"]' >stopped.ns
last=$(kt_json frames.jsonl "[f for f in j if f['mono_ns'] <= $(cat stopped.ns)][-1]")
echo "the last frame: $last"
kt_expect "outputs on in the last frame" "[]" \
  "$(kt_json frames.jsonl "[f for f in j if f['mono_ns'] <= $(cat stopped.ns)][-1]['outputs']")"
kt_expect "the blank came with the stop" true \
  "$(kt_json frames.jsonl "[f for f in j if f['mono_ns'] <= $(cat stopped.ns)][-1]['mono_ns'] >= $(cat stopping.ns)")"

# The trace of hv5622-trace.sh, decoded (shift on the falling CLK edge, latch on LE, BL),
# gives back exactly the frame's bits, with 2 writes per bit + 2 for the latch and no
# timing fault.
read -r -a positions <positions.txt
kt_hv5622 frames trace.txt >frames.jsonl
kt_hv5622 summary trace.txt >summary.json
cat frames.jsonl summary.json
mapfile -t frames < <(kt_json frames.jsonl 'len(j)' 'j[0]["outputs"]' 'j[0]["cause"]')
kt_expect "frames shown" 1 "${frames[0]}"
kt_expect "decoded outputs" "[$(printf '%s, ' "${positions[@]}" | sed 's/, $//')]" "${frames[1]}"
kt_expect "shown by" '"bl"' "${frames[2]}"
mapfile -t summary < <(kt_json summary.json 'j["shifts"]' 'j["latches"]' 'j["violations"]' \
  'j["latch_windows"][0]["writes"]' 'j["writes_after_last_latch"]' 'j["writes"]')
kt_expect "falling CLK edges" 64 "${summary[0]}"
kt_expect "latches" 1 "${summary[1]}"
kt_expect "timing faults" "[]" "${summary[2]}"
# The first latch window holds the line request (it sets the initial levels, so the trace
# shows it as a write), start()'s two idle writes, 128 writes for the bits and 2 for the latch.
kt_expect "writes up to the latch" 133 "${summary[3]}"
kt_expect "writes after the latch (BL up)" 1 "${summary[4]}"
kt_expect "writes in all: the program's 133 and the request" 134 "${summary[5]}"

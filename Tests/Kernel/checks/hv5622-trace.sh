# A plain C libgpiod v1 program bit-bangs one known 64-bit frame with nixie's waveform; the
# kernel's gpio_value trace, decoded (shift on falling CLK, latch on LE, BL), gives back
# exactly its bits, with 2 writes per bit + 2 for the latch and no timing fault.
positions=(0 11 20 21 24 35 48 59 63)
frame=0
for position in "${positions[@]}"; do frame=$((frame | (1 << position))); done
frame=$(printf '%016x' "$frame")
echo "frame 0x$frame: positions ${positions[*]}"

kt_trace_start
coproc BITBANG { "$KT_TOOLS/hv5622-bitbang-v1" -H "$KT_GPIO_LABEL" \
  "$(kt_line din)" "$(kt_line clk)" "$(kt_line le)" "$(kt_line bl)" "$frame"; }
bitbang=$BITBANG_PID
read -r -t 60 writes <&"${BITBANG[0]}" || kt_fail "the bit-banging program did not finish its frame"
read -r -t 10 latched <&"${BITBANG[0]}" || true
kt_expect "program output" "writes 133 latched" "$writes $latched"
kt_expect "bl le clk din while held (position 0 went last)" "1 0 0 1" \
  "$(kt_get bl) $(kt_get le) $(kt_get clk) $(kt_get din)"
eval "exec ${BITBANG[1]}>&-"
wait "$bitbang"
kt_trace_stop trace.txt
kt_expect "din released" "" "$(kt_consumer din)"

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

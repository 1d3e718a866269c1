# A plain C libgpiod v1 program bit-bangs one known 64-bit frame with nixie's waveform while
# the kernel traces every GPIO value write; the lines hold the last levels it set and are
# released when it exits. hv5622-trace.host.sh decodes the trace.
positions=(0 11 20 21 24 35 48 59 63)
frame=0
for position in "${positions[@]}"; do frame=$((frame | (1 << position))); done
frame=$(printf '%016x' "$frame")
echo "frame 0x$frame: positions ${positions[*]}"
echo "${positions[*]}" >positions.txt

kt_trace_start
coproc BITBANG { "$KT_TOOLS/hv5622-bitbang-v1" -H "$KT_GPIO_LABEL" \
  "$(kt_line din)" "$(kt_line clk)" "$(kt_line le)" "$(kt_line bl)" "$frame"; }
bitbang=$BITBANG_PID
# Its output, on a descriptor of our own: bash drops BITBANG[0] once the process has exited.
exec {bitbang_out}<&"${BITBANG[0]}"
read -r -t 60 writes <&"$bitbang_out" || kt_fail "the bit-banging program did not finish its frame"
read -r -t 10 latched <&"$bitbang_out" || true
kt_expect "program output" "writes 133 latched" "$writes $latched"
kt_expect "bl le clk din while held (position 0 went last)" "1 0 0 1" \
  "$(kt_get bl) $(kt_get le) $(kt_get clk) $(kt_get din)"
eval "exec ${BITBANG[1]}>&-"
wait "$bitbang"
kt_trace_stop trace.txt
kt_expect "din released" "" "$(kt_consumer din)"

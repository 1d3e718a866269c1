# The baseline for nixie's frames-per-second figure: the plain C libgpiod v1 program
# bit-banging 64-bit frames (each one differs from the last, so every frame is shifted) in
# this VM, with tracing off. Writes rate.json; phase 2 compares nixie against it in the same run.
frames=2000
"$KT_TOOLS/hv5622-bitbang-v1" -r "$frames" "$KT_GPIO_LABEL" \
  "$(kt_line din)" "$(kt_line clk)" "$(kt_line le)" "$(kt_line bl)" 8801000801300801 | tee rate.txt
read -r _ sent _ writes _ seconds _ fps <rate.txt
kt_expect "frames sent" "$frames" "$sent"
# 2 idle writes, 130 a frame, 1 for BL after the first.
kt_expect "writes" $((2 + 130 * frames + 1)) "$writes"
printf '{"program": "hv5622-bitbang-v1", "frames": %s, "writes": %s, "seconds": %s, "fps": %s}\n' \
  "$sent" "$writes" "$seconds" "$fps" >rate.json

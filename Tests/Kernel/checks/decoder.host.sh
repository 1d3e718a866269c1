# The trace decoder and nixie's simulator agree: for the wire activity of `nixie show` on the
# simulated test board (its --trace VCD), the decoder shows the same frames, output for
# output, that the simulator's HV5622 chain model logged (--frames-log). Phase 2 compares
# decoded kernel traces with the simulator, so the two chain models must not differ.
[[ -x $KT_NIXIE ]] || kt_fail "no nixie binary at $KT_NIXIE: run 'swift build' first"
board="$KT_HARNESS/boards/hv5622-6xin14-sim.yaml"
for value in 12:34:56 909090 ' 1 2 3'; do
  rm -f show.vcd frames.jsonl
  "$KT_NIXIE" show --backend sim --board "$board" --trace show.vcd --frames-log frames.jsonl "$value" >/dev/null
  "$KT_PYTHON" "$KT_HARNESS/lib/gpio_trace.py" frames show.vcd >decoded.jsonl
  logged=$(kt_json frames.jsonl '[frame["outputs"] for frame in j]')
  [[ $logged != "[]" ]] || kt_fail "'$value': the simulator logged no frame"
  kt_expect "'$value': frames decoded from the VCD" "$logged" "$(kt_json decoded.jsonl '[frame["outputs"] for frame in j]')"
done

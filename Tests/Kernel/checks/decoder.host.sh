# The trace decoder and nixie's simulator agree: for the wire activity of `nixie show` on the
# simulated test board (its --trace VCD), the decoder shows the same frames, output for
# output, that the simulator's HV5622 chain model logged (--frames-log). Phase 2 compares
# decoded kernel traces with the simulator, so the two chain models must not differ.
[[ -x $KT_NIXIE ]] || { echo "FAIL: no nixie binary at $KT_NIXIE: run 'swift build' first" >&2; exit 1; }
board="$KT_HARNESS/boards/hv5622-6xin14-sim.yaml"
for value in 12:34:56 909090 ' 1 2 3'; do
  rm -f show.vcd frames.jsonl
  "$KT_NIXIE" show --backend sim --board "$board" --trace show.vcd --frames-log frames.jsonl "$value" >/dev/null
  "$KT_PYTHON" "$KT_HARNESS/lib/gpio_trace.py" frames show.vcd >decoded.jsonl
  logged=$("$KT_PYTHON" -c 'import json, sys; print([json.loads(l)["outputs"] for l in open(sys.argv[1])])' frames.jsonl)
  decoded=$("$KT_PYTHON" -c 'import json, sys; print([json.loads(l)["outputs"] for l in open(sys.argv[1])])' decoded.jsonl)
  if [[ -z $logged || $logged == "[]" || $logged != "$decoded" ]]; then
    echo "FAIL: '$value': the simulator logged $logged, the decoder found $decoded" >&2
    exit 1
  fi
  echo "ok: '$value': $decoded"
done

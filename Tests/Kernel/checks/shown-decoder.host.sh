# lib/shown.py, which reads the systemd VM's tubes, reads them as nixie means them: for values
# shown on the simulated Pi test board (nixie show --trace), the text it decodes from the wires
# is, frame for frame, the text the simulator's frames log gives (nixie's own layout code).
[[ -x $KT_NIXIE ]] || kt_fail "no nixie binary at $KT_NIXIE: run 'swift build' first"
board="$KT_HARNESS/boards/hv5622-6xin14-pi.yaml"
for value in 12:34:56 "12'34.56" 909090 ' 1 2 3' 1234.56; do
  rm -f show.vcd frames.jsonl
  "$KT_NIXIE" show --backend sim --transition none --board "$board" --trace show.vcd --frames-log frames.jsonl \
    "$value" >/dev/null
  "$KT_PYTHON" "$KT_HARNESS/lib/shown.py" frames show.vcd --board "$board" --base 0 >decoded.jsonl
  logged=$(kt_json frames.jsonl '[frame["text"] for frame in j]')
  [[ $logged != "[]" ]] || kt_fail "'$value': the simulator logged no frame"
  kt_expect "'$value': text decoded from the VCD" "$logged" "$(kt_json decoded.jsonl '[frame["text"] for frame in j]')"
done

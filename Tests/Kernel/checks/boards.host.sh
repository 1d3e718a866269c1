# The test board profiles pass `nixie boards check` as committed, and wire the same offsets
# the VM's gpio-sim chip names (gpio-sim.lines).
[[ -x $KT_NIXIE ]] || { echo "FAIL: no nixie binary at $KT_NIXIE: run 'swift build' first" >&2; exit 1; }
for board in "$KT_HARNESS"/boards/*.yaml; do
  "$KT_NIXIE" boards check "$board"
done
profile="$KT_HARNESS/boards/hv5622-6xin14-sim.yaml"
for pair in din:din clk:clk le:le bl:bl a:enc-a b:enc-b switch:enc-sw; do
  key=${pair%%:*} name=${pair#*:}
  wired=$(awk -v key="$key:" '$1 == key { print $2 }' "$profile")
  named=$(awk -v name="$name" '$1 !~ /^#/ && $2 == name { print $1 }' "$KT_HARNESS/gpio-sim.lines")
  [[ -n $wired && $wired == "$named" ]] || { echo "FAIL: $key is line $wired in the profile, $name is $named" >&2; exit 1; }
  echo "ok: $key on line $wired ($name)"
done
grep -q '^  chip: nixie-sim$' "$profile" || { echo "FAIL: the profile does not name the chip nixie-sim" >&2; exit 1; }

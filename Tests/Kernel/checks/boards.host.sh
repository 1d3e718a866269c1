# The test board profiles pass `nixie boards check` as committed, and wire the same offsets
# the VM's gpio-sim chip names (gpio-sim.lines).
[[ -x $KT_NIXIE ]] || kt_fail "no nixie binary at $KT_NIXIE: run 'swift build' first"
for board in "$KT_HARNESS"/boards/*.yaml; do
  "$KT_NIXIE" boards check "$board"
done
profile="$KT_HARNESS/boards/hv5622-6xin14-sim.yaml"
for pair in din:din clk:clk le:le bl:bl a:enc-a b:enc-b switch:enc-sw; do
  key=${pair%%:*} name=${pair#*:}
  kt_expect "$key in the profile is line $name" "$(kt_line "$name")" \
    "$(awk -v key="$key:" '$1 == key { print $2 }' "$profile")"
done
kt_expect "the profile's chip" "$KT_GPIO_LABEL" "$(awk '$1 == "chip:" { print $2 }' "$profile")"

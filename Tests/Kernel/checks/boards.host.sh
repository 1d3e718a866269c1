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
# The systemd VM's Pi profile is reference board 1 as shipped but for its chip, named by the
# header chip's label (the line offsets are the Pi's BCM numbers, as pi4-header.lines names them).
pi="$KT_HARNESS/boards/hv5622-6xin14-pi.yaml"
body() { sed -n '/^chips:/,$p' "$1" | sed -E 's/^(  chip:).*/\1/'; }
if ! diff <(body "$KT_REPO/Hardware/boards/hv5622-6xin14.yaml") <(body "$pi"); then
  kt_fail "boards/hv5622-6xin14-pi.yaml differs from Hardware/boards/hv5622-6xin14.yaml beyond its chip"
fi
kt_expect "the Pi profile's chip" pinctrl-bcm2711 "$(awk '$1 == "chip:" { print $2 }' "$pi")"
for pair in din:GPIO10 clk:GPIO11 le:GPIO8 bl:GPIO25; do
  key=${pair%%:*} name=${pair#*:}
  kt_expect "$key in the Pi profile is line $name" "$(awk -v name="$name" '$2 == name { print $1 }' \
    "$KT_HARNESS/pi4-header.lines")" "$(awk -v key="$key:" '$1 == key { print $2 }' "$pi")"
done

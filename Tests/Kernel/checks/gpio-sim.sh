# The VM's gpio-sim chip is there as gpio-sim.lines describes it, found by label, with the
# base the trace decoder needs, and its lines free and low.
kt_expect "chip label" "$KT_GPIO_NAME [$KT_GPIO_LABEL] ($KT_GPIO_LINES lines)" "$(gpiodetect | grep -F "[$KT_GPIO_LABEL]")"
[[ $KT_GPIO_BASE =~ ^[0-9]+$ ]] || kt_fail "no numeric base: '$KT_GPIO_BASE'"
echo "ok: base $KT_GPIO_BASE"
gpioinfo "$KT_GPIO_CHIP" >gpioinfo.txt
while read -r offset name; do
  [[ -z $offset || $offset == \#* ]] && continue
  kt_expect "line $offset" "\"$name\" unused" \
    "$(awk -v l="$offset:" '$1 == "line" && $2 == l { print $3, $4 }' gpioinfo.txt)"
  kt_expect "line $offset in debugfs" "gpio-$((KT_GPIO_BASE + offset)) ($name" \
    "$(grep -o "gpio-$((KT_GPIO_BASE + offset)) ($name" /sys/kernel/debug/gpio)"
  kt_expect "$name reads low" 0 "$(kt_get "$offset")"
done <"$KT_HARNESS/gpio-sim.lines"

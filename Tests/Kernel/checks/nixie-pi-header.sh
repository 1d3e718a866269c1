# variants: gpiod1 gpiod2
# The built-in boards name the Raspberry Pi header's chip by its labels (`chip: raspberry-pi`:
# pinctrl-rp1, pinctrl-bcm2711, pinctrl-bcm2835). This VM's only chip is gpio-sim's, labelled
# nixie-sim: `nixie doctor` says no chip has those labels, naming them, the chips there are and
# the fix; `--backend hardware` fails the same way, exit 69. (That the labels are found where a
# chip has one: systemd-ncs314, whose header chip is labelled pinctrl-bcm2711.)
[[ -x ${KT_NIXIE:-} ]] || kt_fail "no nixie build for libgpiod $KT_GPIOD: run Scripts/kernel-test (it builds both)"
labels='"pinctrl-rp1" or "pinctrl-bcm2711" or "pinctrl-bcm2835", nor is compatible with "raspberrypi,rp1-gpio" or "brcm,bcm2711-gpio" or "brcm,bcm2835-gpio"'

status=0
"$KT_NIXIE" doctor --board hv5622-6xin14 >doctor.txt 2>doctor.err || status=$?
cat doctor.txt doctor.err
kt_expect "nixie doctor's exit status" 69 "$status"
problem=$(grep '^PROBLEM ' doctor.txt || true)
kt_expect "nixie doctor's one problem" \
  "PROBLEM  raspberry-pi: no chip is called or labelled $labels (this machine has $KT_GPIO_NAME)" "$problem"
grep -qF "fix: no GPIO chip has that name or label: list them with 'gpiodetect' and set gpio.chip" doctor.txt ||
  kt_fail "nixie doctor names not the fix (gpiodetect, gpio.chip)"

status=0
"$KT_NIXIE" show --backend hardware --board hv5622-6xin14 --transition none 5 2>show.err || status=$?
cat show.err
kt_expect "nixie show's exit status" 69 "$status"
grep -qF "nixie: raspberry-pi: open the GPIO chip: not found (no chip is called or labelled $labels)" show.err ||
  kt_fail "nixie show names not the labels it looked for"

# Issue 26: the arm64 package on an emulated Raspberry Pi 3, the service as the boot left it.
# The standard board here is the built-in reference board 1 (hv5622-6xin14, `chip:
# raspberry-pi`, bit-banged on BCM 10, 11, 8 and 25, its knob on 17, 27 and 22): nixie found
# the header by the real driver's label (pinctrl-bcm2835, the BCM2837's own GPIO controller as
# QEMU models it) and runs under systemd as installed; the host reads the pins from the
# controller's registers: the four outputs are outputs, the knob's lines inputs, BL (BCM 25,
# active low) high — the tubes may light — and LE (BCM 8) at rest low between frames
# (pi3-boot.host.sh, from 50 readings). pi3-boot.host.sh also reads the tubes from the
# kernel's trace of the real driver: the local time.
kt_expect "nixie-clock after the install" enabled "$(systemctl is-enabled "$KT_UNIT")"
kt_sd_running || kt_fail "nixie-clock is not active (running) after the boot: $(kt_sd_state)"
kt_expect "the header chip's label (found in /sys/kernel/debug/gpio)" pinctrl-bcm2835 "$KT_GPIO_LABEL"
gpiodetect | tee gpiodetect.txt
grep -q "^$KT_GPIO_NAME \[pinctrl-bcm2835\] (54 lines)" gpiodetect.txt ||
  kt_fail "$KT_GPIO_NAME is not the BCM2837's 54-line pinctrl-bcm2835"
kt_expect "the board in nixie.yaml" "board: hv5622-6xin14" "$(grep '^board:' "$KT_SD_CONFIG")"
start_us=$(kt_sd_prop ExecMainStartTimestampMonotonic)
ready_us=$(kt_sd_prop ActiveEnterTimestampMonotonic)
echo "READY=1 $(((ready_us - start_us) / 1000)) ms after the process started"
kt_sd_mark ready "at_us=$ready_us"
kt_sd_consumers | tee consumers.txt
kt_expect "the lines nixie holds on $KT_GPIO_NAME" "8 10 11 17 22 25 27" "$(cut -d' ' -f1 consumers.txt | sort -n | paste -sd' ')"
kt_pi3_levels running
kt_pi3_expect_pins "while nixie runs: outputs" running 1 - "${KT_PI3_BITBANG[@]}"
kt_pi3_expect_pins "while nixie runs: the knob's inputs" running 0 - "${KT_PI3_KNOB[@]}"
kt_pi3_expect_pins "while nixie runs, BL (active low: high lets the tubes light)" running - 1 25
kt_pi3_sample running 50
kt_sd_observe 3
kt_sd_mark end
kt_sd_trace

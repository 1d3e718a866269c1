# Issue 26 on the emulated Pi 3: what systemd-stop.host.sh reads, from pinctrl-bcm2835's trace:
# the time before the stop, and a dark last frame before the lines were released.
source "$KT_HARNESS/checks/systemd-stop.host.sh"

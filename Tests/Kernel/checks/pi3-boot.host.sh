# The tubes since READY=1, read from the kernel's trace of pinctrl-bcm2835's lines (the
# built-in board has the test board's wiring and chain: boards/hv5622-6xin14-pi.yaml decodes
# it): the local time in Asia/Kolkata at every instant. And LE (BCM 8) at rest: low in most of
# the host's 50 readings of GPLEV0 (a reading may fall inside a frame's shifting).
[[ ! -f skip ]] || kt_skip "$(cat skip)"
kt_sd_shown clock --zone "$KT_SD_ZONE" --from ready --grace 2 --to end | tee clock.json ||
  kt_fail "the tubes did not show the local time in $KT_SD_ZONE after the boot (clock.json)"
high=$(kt_pi3_share_high running 8)
echo "LE (BCM 8) high in a share $high of the readings"
"$KT_PYTHON" -c "import sys; sys.exit(not $high <= 0.2)" || kt_fail "LE (BCM 8) is not low at rest: high in a share $high of the readings"

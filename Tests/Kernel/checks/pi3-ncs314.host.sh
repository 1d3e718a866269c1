# LE (BCM 22) at rest: high in most of the host's 400 readings of GPLEV0 while the service ran
# on ncs314 (low only while a frame is shifted out), and each backlight line's share of
# readings high, for the record (a grey backlight is a 50 % PWM; the readings are not evenly
# spaced in the guest's time, so the share is only printed).
[[ ! -f skip ]] || kt_skip "$(cat skip)"
le=$(kt_pi3_share_high running 22)
echo "LE (BCM 22) high in a share $le of the readings; backlight high: red $(kt_pi3_share_high running 20)," \
  "green $(kt_pi3_share_high running 16), blue $(kt_pi3_share_high running 21)"
"$KT_PYTHON" -c "import sys; sys.exit(not $le >= 0.8)" || kt_fail "LE (BCM 22) is not high at rest: high in a share $le"

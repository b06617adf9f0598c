# Haptic Touch on a touchscreen without force (the deep press's quick-actions menu bound): a
# hold that drifts 3 mm before its 0.38 s is no Haptic Touch (2 mm slop), and a second hold,
# still, opens the menu at 0.38 s after it came down (dispatched as the deep press's menu).
device no-pressure
menu
0.00 down 500 300
0.20 move 530 300
0.80 up
2.00 down 500 300
2.60 up
---
0.200000  why: long-press refused: moved 3 mm > 2 mm slop
0.200000  why: tap refused: moved 3 mm > 2 mm slop
0.200000  why: haptic-touch (deep-press) refused: moved 3 mm > 2 mm slop
2.380000  why: tap refused: taken by the deep-press
2.380000  binding[5] (line 17) haptic-touch began fingers=1
2.500000  binding[3] (line 9) long-press began fingers=1

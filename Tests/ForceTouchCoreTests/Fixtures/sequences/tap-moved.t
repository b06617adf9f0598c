# A tap that slides 3.5 mm (the test devices measure 10 units a millimetre): the 2 mm
# slop refuses it, on the frame it went past.
0.00 down 500 300
0.05 move 515 300
0.10 move 535 300
0.15 up
---
0.100000  why: long-press refused: moved 3.5 mm > 2 mm slop
0.100000  why: tap refused: moved 3.5 mm > 2 mm slop
0.150000  why: deep-press [slot 0] refused: moved 3.5 mm > 2 mm slop

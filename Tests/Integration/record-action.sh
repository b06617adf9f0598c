#!/bin/sh
# A bound action for the integration tests: appends one line saying what the daemon told it
# (its label and the FORCETOUCH_* environment) and when, to $FT_ACTIONS.
read -r uptime _ < /proc/uptime
echo "$1 gesture=$FORCETOUCH_GESTURE phase=$FORCETOUCH_PHASE fingers=$FORCETOUCH_FINGERS device=$FORCETOUCH_DEVICE force=$FORCETOUCH_FORCE x=$FORCETOUCH_X y=$FORCETOUCH_Y stage=${FORCETOUCH_STAGE:-} uptime=$uptime" >> "$FT_ACTIONS"

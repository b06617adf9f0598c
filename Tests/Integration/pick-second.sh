#!/bin/sh
# A stand-in menu program (dmenu's protocol): titles on stdin, one a line; prints the
# second, as a user picking the second item would. Keeps what it was shown in $FT_MENU_SHOWN.
titles=$(cat)
printf '%s\n' "$titles" > "${FT_MENU_SHOWN:-/dev/null}"
printf '%s\n' "$titles" | sed -n 2p

#!/bin/sh
# A stand-in application for the action tests: records its name, pid and session, then runs
# until killed, as an app a gesture opened would.
echo "$1 $$ $(ps -o sid= -p $$ | tr -d ' ')" >> "${FT_APPS:?}"
exec sleep 600

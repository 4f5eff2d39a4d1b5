#!/bin/sh
# Generates static/media/videos/dock-morning.{webm,mp4}: a 4-second, 640x280 (16:7, like the
# hero image) animation of a boat crossing a harbour at dawn. Deterministic (bitexact, one thread).
set -e
OUT=${1:-static/media/videos}
# Run from the repository root: sh scripts/generate-demo-video.sh (needs ffmpeg with libvpx and libx264).
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "gradients=s=640x280:c0=0xe9c46a:c1=0x0e8a9a:x0=320:y0=0:x1=320:y1=220:nb_colors=2:d=4:r=24:speed=0.00001" \
  -f lavfi -i "color=c=0xf6f0e6:s=110x24:d=4:r=24" \
  -f lavfi -i "color=c=0xf6f0e6:s=8x34:d=4:r=24" \
  -f lavfi -i "color=c=0x0b2341:s=640x80:d=4:r=24" \
  -filter_complex "[0][1]overlay=x='40+t*110':y=182[a];[a][2]overlay=x='80+t*110':y=150[b];[b][3]overlay=x=0:y='204+3*sin(t*3)'[c];[c]drawbox=x=500:y=40:w=48:h=48:color=0xfff3d6@0.9:t=fill,format=yuv420p" \
  -threads 1 -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 0 -deadline good -cpu-used 4 -an \
  -bitexact -fflags +bitexact -flags +bitexact -map_metadata -1 "$OUT/dock-morning.webm"
ffmpeg -hide_banner -loglevel error -y -i "$OUT/dock-morning.webm" -threads 1 -c:v libx264 -preset slow -crf 28 \
  -profile:v baseline -pix_fmt yuv420p -movflags +faststart -an \
  -bitexact -fflags +bitexact -flags +bitexact -map_metadata -1 "$OUT/dock-morning.mp4"

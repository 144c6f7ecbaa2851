#!/bin/sh
# Adds Moonlight Desktop to your desktop's applications menu (for you alone, no root needed):
# the menu entry points at this folder, so keep the folder where it is (or run this again
# after moving it).
#
#     ./install.sh            add the menu entry and the icon
#     ./install.sh --remove   take them away again (this folder stays)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry="$data/applications/moonlight-desktop.desktop"
icon="$data/icons/hicolor/256x256/apps/moonlight-desktop.png"

if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry" "$icon"
    echo "Removed the menu entry and the icon."
    exit 0
fi

mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
cp "$here/moonlight-desktop.png" "$icon"
sed -e "s|^Exec=.*|Exec=\"$here/MoonlightDesktop\"|" \
    -e "s|^Icon=.*|Icon=$icon|" \
    "$here/moonlight-desktop.desktop" > "$entry"
chmod +x "$entry"
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database "$data/applications" || true  # only a cache: the entry works without it
fi
echo "Moonlight Desktop is in your applications menu (under Games)."

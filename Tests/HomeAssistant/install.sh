#!/usr/bin/env bash
# Installs Home Assistant's own code from PyPI into a virtual environment, for the check of
# nixie mqtt's discovery configs (check_discovery.py; HomeAssistantCheckTests runs it when
# the environment is there):
#   Tests/HomeAssistant/install.sh [VERSION] [FOLDER]
# VERSION defaults to 2024.3.3, the newest Home Assistant for Debian 12's Python 3.11;
# FOLDER to .build/home-assistant (where the tests look; NIXIE_HOME_ASSISTANT_PYTHON points
# them at another). PYTHON chooses the interpreter (a 2025.x release needs Python 3.13).
# Home Assistant's own package_constraints.txt of that release pins its dependencies (without
# it pip picks versions that do not import), and the MQTT integration's paho-mqtt is added.
# About 430 MB; 40 s with pip's cache warm, minutes from PyPI. Not part of CI: it needs PyPI.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=${1:-2024.3.3}
folder=${2:-.build/home-assistant}
python=${PYTHON:-python3}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$python" -m venv "$folder"
"$folder/bin/pip" download --quiet --no-deps "homeassistant==$version" -d "$scratch"
wheel=$(ls "$scratch"/homeassistant-*.whl)
"$folder/bin/python" - "$wheel" "$scratch" <<'PY'
import sys, zipfile, json
wheel, scratch = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as archive:
    open(scratch + "/constraints.txt", "wb").write(archive.read("homeassistant/package_constraints.txt"))
    manifest = json.loads(archive.read("homeassistant/components/mqtt/manifest.json"))
open(scratch + "/mqtt.txt", "w").write("\n".join(manifest["requirements"]) + "\n")
PY
"$folder/bin/pip" install --quiet "homeassistant==$version" -r "$scratch/mqtt.txt" -c "$scratch/constraints.txt"
"$folder/bin/python" -c 'from homeassistant.const import __version__; print("Home Assistant", __version__, "in '"$folder"'")'

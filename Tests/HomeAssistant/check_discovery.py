#!/usr/bin/env python3
"""Home Assistant's own MQTT discovery code as the judge of nixie mqtt's discovery configs.

Reads retained messages as `mosquitto_sub -F '%t\t%p'` prints them (one `TOPIC<TAB>PAYLOAD` a
line) from standard input, and for each config does what Home Assistant's MQTT discovery does
with it (homeassistant/components/mqtt/discovery.py): the topic matched by TOPIC_MATCHER, the
abbreviations expanded, then the platform's DISCOVERY_SCHEMA — which silently drops keys it
does not know, so every dropped key is reported — and its strict PLATFORM_SCHEMA_MODERN.
Prints one line per config and exits 1 when any config has a problem, 2 when Home Assistant
cannot be imported (the caller reports the check as skipped, never as passed).

  check_discovery.py --prefix homeassistant < retained.txt
"""
import argparse
import importlib
import json
import sys

try:
    import voluptuous as vol
    from homeassistant.const import __version__ as ha_version
    from homeassistant.components.mqtt import abbreviations
    from homeassistant.components.mqtt.discovery import SUPPORTED_COMPONENTS, TOPIC_MATCHER
except Exception as error:  # ImportError, or a dependency that does not import
    print(f"Home Assistant cannot be imported: {error!r}")
    sys.exit(2)


def expand(payload):
    """What discovery.py does to a payload before the schema: abbreviations expanded."""
    expanded = {abbreviations.ABBREVIATIONS.get(key, key): value for key, value in payload.items()}
    device = expanded.get("device")
    if isinstance(device, dict):
        expanded["device"] = {abbreviations.DEVICE_ABBREVIATIONS.get(k, k): v for k, v in device.items()}
    origin = expanded.get("origin")
    if isinstance(origin, dict):
        expanded["origin"] = {abbreviations.ORIGIN_ABBREVIATIONS.get(k, k): v for k, v in origin.items()}
    return expanded


def platform(component):
    """The module of an MQTT platform (light is a package whose schema lives in its __init__)."""
    return importlib.import_module(f"homeassistant.components.mqtt.{component}")


def dropped(given, validated, path=""):
    """Keys of `given` that the validated config no longer has (DISCOVERY_SCHEMA removes them)."""
    missing = []
    for key, value in given.items():
        if key not in validated:
            missing.append(path + key)
        elif isinstance(value, dict) and isinstance(validated[key], dict):
            missing += dropped(value, validated[key], path + key + ".")
    return missing


def check(topic, text, prefix):
    trimmed = topic[len(prefix) + 1:] if topic.startswith(prefix + "/") else topic
    match = TOPIC_MATCHER.match(trimmed)
    if not match:
        return [f"the topic does not match Home Assistant's TOPIC_MATCHER"]
    component = match.group("component")
    if component not in SUPPORTED_COMPONENTS:
        return [f"{component} is not a component MQTT discovery supports"]
    try:
        payload = json.loads(text)
    except ValueError as error:
        return [f"not JSON: {error}"]
    if not isinstance(payload, dict):
        return ["not a JSON object"]
    config = expand(payload)
    module = platform(component)
    problems = []
    try:
        validated = module.DISCOVERY_SCHEMA(dict(config))
        for key in dropped(config, validated):
            problems.append(f"'{key}' is dropped by Home Assistant {ha_version}'s DISCOVERY_SCHEMA")
    except vol.Invalid as error:
        problems.append(f"DISCOVERY_SCHEMA refuses it: {error}")
    try:
        module.PLATFORM_SCHEMA_MODERN(dict(config))
    except vol.Invalid as error:
        problems.append(f"PLATFORM_SCHEMA_MODERN refuses it: {error}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prefix", default="homeassistant")
    arguments = parser.parse_args()
    failed = False
    count = 0
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line:
            continue
        topic, _, payload = line.partition("\t")
        if not topic.endswith("/config") or not payload:
            continue
        count += 1
        problems = check(topic, payload, arguments.prefix)
        failed = failed or bool(problems)
        print(f"{topic}: " + ("; ".join(problems) if problems else f"accepted by Home Assistant {ha_version}"))
    if count == 0:
        print("no discovery config on standard input")
        failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

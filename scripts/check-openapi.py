#!/usr/bin/env python3
"""Validates openapi.yaml: the OpenAPI 3.1 document itself (openapi-spec-validator) and every
example of a parameter, request body or response against its own schema (jsonschema, draft
2020-12). Usage: scripts/check-openapi.py [openapi.yaml]. Exits non-zero on any error."""
import sys

import yaml
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

path = sys.argv[1] if len(sys.argv) > 1 else "openapi.yaml"
with open(path) as f:
    spec = yaml.safe_load(f)
validate(spec)
print(f"{path}: valid OpenAPI {spec['openapi']}")

registry = Registry().with_resource("urn:spec", Resource.from_contents(spec, default_specification=DRAFT202012))


def deref(node):
    while isinstance(node, dict) and set(node) == {"$ref"}:
        target = spec
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node = target
    return node


def rewrite(schema):
    """Points local $refs into the registered document."""
    if isinstance(schema, dict):
        return {k: ("urn:spec" + v if k == "$ref" and isinstance(v, str) and v.startswith("#") else rewrite(v)) for k, v in schema.items()}
    if isinstance(schema, list):
        return [rewrite(x) for x in schema]
    return schema


errors = 0
checked = 0


def check(where, schema, example):
    global errors, checked
    checked += 1
    validator = Draft202012Validator(rewrite(schema), registry=registry)
    for error in validator.iter_errors(example):
        errors += 1
        print(f"FAIL {where}: {error.message[:300]}")


def check_content(where, content):
    for media, body in (content or {}).items():
        schema = body.get("schema")
        if schema is None:
            continue
        if "example" in body:
            check(f"{where} {media} example", schema, body["example"])
        for name, ex in (body.get("examples") or {}).items():
            ex = deref(ex)
            if "value" in ex:
                check(f"{where} {media} examples.{name}", schema, ex["value"])


for route, item in spec["paths"].items():
    for method, op in item.items():
        if method == "parameters":
            continue
        where = f"{method.upper()} {route}"
        for param in list(item.get("parameters", [])) + list(op.get("parameters", [])):
            param = deref(param)
            if "example" in param:
                check(f"{where} parameter {param['name']}", param["schema"], param["example"])
        if "requestBody" in op:
            check_content(f"{where} request", deref(op["requestBody"]).get("content"))
        for status, response in op["responses"].items():
            response = deref(response)
            check_content(f"{where} {status}", response.get("content"))
            for name, header in (response.get("headers") or {}).items():
                header = deref(header)
                if "example" in header:
                    check(f"{where} {status} header {name}", header["schema"], header["example"])

print(f"{checked} examples checked, {errors} errors")
sys.exit(1 if errors else 0)

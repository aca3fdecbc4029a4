import ast, sys
path, method = sys.argv[1], sys.argv[2]
with open(path, encoding="utf-8") as f:
    source = f.read()
try:
    tree = compile(source, path, "exec", ast.PyCF_ONLY_AST)
except SyntaxError as e:
    print("%s:%s: %s: %s" % (path, e.lineno, type(e).__name__, e.msg))
    if e.text:
        print("    " + e.text.rstrip())
        if e.offset:
            print("    " + " " * (e.offset - 1 - (len(e.text) - len(e.text.lstrip()))) + "^")
    sys.exit(1)
for node in tree.body:
    if isinstance(node, ast.ClassDef) and node.name == "Solution":
        if any(isinstance(f, ast.FunctionDef) and f.name == method for f in node.body):
            sys.exit(0)
print("no Solution")
sys.exit(1)

#!/usr/bin/env bash
# gen_rust_tree.sh DIR FILES — a git repository with FILES Rust-like source
# files (~25 KB each: unwraps, unsafe blocks with and without SAFETY comments,
# test modules, GUC definitions, pg_extern functions, sleeps in tests).
set -euo pipefail
DIR=$1; N=${2:-200}
rm -rf "$DIR"; mkdir -p "$DIR/src/mod" "$DIR/tests" "$DIR/docs"; git -C "$DIR" init -q -b main
cp "$(dirname "$0")/../../sample/repo/ROADMAP.md" "$DIR/"
echo "# Configuration" > "$DIR/docs/CONFIGURATION.md"; echo "# SQL" > "$DIR/docs/SQL_REFERENCE.md"
for i in $(seq 1 "$N"); do
  f="$DIR/src/mod/m$i.rs"
  {
    echo "// module $i"
    for j in $(seq 1 60); do
      echo "pub fn f${i}_$j(x: Option<i64>) -> i64 {"
      echo "    let a = x.unwrap();"
      echo "    let b = lookup(a).expect(\"present\");"
      if [ $((j % 7)) = 0 ]; then echo "    // SAFETY: pointer valid for the call"; fi
      echo "    let c = unsafe { raw(b) };"
      echo "    // TODO: handle overflow in f${i}_$j"
      echo "    a + b + c"
      echo "}"
    done
    echo "#[pg_extern(schema = \"demo\")]"
    echo "fn sql_fn_$i(x: i64) -> i64 { x }"
    echo "fn init_$i() { GucRegistry::define_int_guc(\"demo.setting_$i\", \"x\"); }"
    if [ $((i % 3)) != 0 ]; then
      echo "#[cfg(test)]"; echo "mod tests {"; echo "    #[test] fn t() { Some(1).unwrap(); }"; echo "}"
    fi
  } > "$f"
done
for i in $(seq 1 $((N / 10 + 1))); do
  printf '#[test]\nfn waits_%d() {\n    std::thread::sleep(std::time::Duration::from_millis(50));\n}\n' "$i" > "$DIR/tests/t$i.rs"
done
git -C "$DIR" add -A
GIT_AUTHOR_NAME=b GIT_AUTHOR_EMAIL=b@b GIT_COMMITTER_NAME=b GIT_COMMITTER_EMAIL=b@b git -C "$DIR" commit -q -m "synthetic tree"

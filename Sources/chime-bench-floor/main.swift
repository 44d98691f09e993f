// The start-up floor `chime-bench cli` compares `chime --version` with: a plain Swift program
// (no Foundation) that prints one line, as `--version` does.
print("chime-bench-floor")

// Placeholder so the target builds while ChimeCLI is being written.

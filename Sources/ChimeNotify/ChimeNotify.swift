// Placeholder so the target builds while ChimeNotify is being written.

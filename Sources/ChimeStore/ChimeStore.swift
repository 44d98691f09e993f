// Placeholder so the target builds while the store is being written.

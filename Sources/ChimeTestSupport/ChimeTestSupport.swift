// Placeholder so the target builds while ChimeTestSupport is being written.

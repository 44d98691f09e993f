// Placeholder so the target builds while ChimeDaemon is being written.

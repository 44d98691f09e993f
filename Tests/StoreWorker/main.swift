// Child process for the store crash test (being written).

print("chime")

print("petflowd")

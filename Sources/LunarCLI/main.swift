print("lunar: under construction")

"""Le Marché de Samarkand: a descending-price auction for 3 to 5 merchants (headless)."""

// The portal's games module: favourites and the most popular games, by spec name.

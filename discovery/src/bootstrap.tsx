import { Route, Routes } from 'react-router-dom';
import { renderStandalone } from 'shared/ui/StandaloneHost';
import Home from './exposes/Home';
import SearchBar from './exposes/SearchBar';
import CategoryStrip from './exposes/CategoryStrip';

void renderStandalone(
  <Routes>
    <Route
      path="*"
      element={
        <>
          <SearchBar />
          <CategoryStrip />
          <Home />
        </>
      }
    />
  </Routes>,
);

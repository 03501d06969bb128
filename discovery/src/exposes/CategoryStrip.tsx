import { CategoryStrip as Strip } from '../features/categories/components/CategoryStrip';

export default function CategoryStrip() {
  return <Strip />;
}
